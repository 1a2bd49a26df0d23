// `pnpm --filter @gid/example-react start`: builds the example and serves it on REACT_EXAMPLE_PORT.
import { settingsFromEnv, startReactExample } from './index';

const example = await startReactExample(settingsFromEnv());
console.log(`React example: ${example.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    example.close().finally(() => process.exit(0));
  });
}
