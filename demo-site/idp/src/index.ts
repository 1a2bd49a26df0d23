// The package's public surface, for other packages' tests and scripts: `import { startIdp } from '@gid/idp'`.

export { SEED_USERS, type User } from './accounts';
export { CLIENTS_FILE, type ClientConfig, type ClientConfigInput, rebaseClient } from './clients';
export { DEFAULT_DATA_DIR, type IdpOptions, type RunningIdp, startIdp } from './server';
