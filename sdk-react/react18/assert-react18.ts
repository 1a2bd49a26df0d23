// Fails the run if the aliases stop working and React 19 sneaks back in.
import { version } from 'react';
import { version as domVersion } from 'react-dom';

if (!version.startsWith('18.') || !domVersion.startsWith('18.')) {
  throw new Error(`expected React 18, got react ${version} and react-dom ${domVersion}`);
}
