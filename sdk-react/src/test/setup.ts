// DOM matchers (`toBeVisible`, `toHaveTextContent`) for the component tests.
import '@testing-library/jest-dom/vitest';
