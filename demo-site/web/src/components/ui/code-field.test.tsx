import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CodeField, type CodeFieldMessage } from './code-field';

/** A caller as the basket's are: it decides what a code is worth and what to say about it. */
function Harness({ checks, answer }: { checks: string[]; answer: (code: string) => Promise<string | null> }) {
  const [applied, setApplied] = useState<string | null>(null);
  const [message, setMessage] = useState<CodeFieldMessage | null>(null);
  return (
    <CodeField
      label="Промокод"
      hint="Код из письма"
      applied={applied}
      message={message}
      applyLabel="Применить"
      removeLabel="Изменить"
      maxLength={12}
      onApply={async (code) => {
        checks.push(code);
        try {
          const shown = await answer(code);
          setApplied(shown ?? code);
          setMessage({ text: `Код ${shown ?? code} применён`, tone: 'status' });
          return shown;
        } catch {
          setMessage({ text: 'Промокод не найден', tone: 'error' });
          return null;
        }
      }}
      onRemove={() => {
        setApplied(null);
        setMessage(null);
      }}
    />
  );
}

describe('CodeField: the promocode and the gift certificate field', () => {
  it('upper-cases what is typed, applies on Enter, then locks the field and offers to change the code', async () => {
    const checks: string[] = [];
    const user = userEvent.setup();
    render(<Harness checks={checks} answer={async (code) => code.replace('RUN', 'RUN-')} />);
    const field = screen.getByRole('textbox', { name: 'Промокод' });
    await user.type(field, 'run2026{Enter}');

    expect(checks).toEqual(['RUN2026']);
    expect((await screen.findByRole('status')).textContent).toBe('Код RUN-2026 применён');
    expect((field as HTMLInputElement).value).toBe('RUN-2026');
    expect(field.hasAttribute('readonly')).toBe(true);
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Изменить' }));
    expect(field.hasAttribute('readonly')).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Применить' })).toBeTruthy();
    expect(checks).toHaveLength(1);
  });

  it('a refusal is an alert tied to the field; the button waits for the running check', async () => {
    const checks: string[] = [];
    let refuse: (reason: Error) => void = () => undefined;
    const user = userEvent.setup();
    render(<Harness checks={checks} answer={() => new Promise((_resolve, reject) => (refuse = reject))} />);
    const field = screen.getByRole('textbox', { name: 'Промокод' });
    await user.type(field, 'nope');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect((screen.getByRole('button', { name: 'Применить' }) as HTMLButtonElement).disabled).toBe(true);
    refuse(new Error('404'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Промокод не найден');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Применить' }) as HTMLButtonElement).disabled).toBe(false));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(field.hasAttribute('readonly')).toBe(false);
    expect((field as HTMLInputElement).value).toBe('NOPE');
    expect(field.getAttribute('maxlength')).toBe('12');
  });
});
