import { startExample } from './server';

const example = await startExample({
  port: Number(process.env.EXAMPLE_PORT ?? 3100),
  idpUrl: process.env.IDP_URL ?? `http://127.0.0.1:${process.env.IDP_PORT ?? 4000}`,
  // The React example's server passes its token and logout calls here.
  extraClients: [{ clientId: 'example-react', redirectUris: [`http://127.0.0.1:${process.env.REACT_EXAMPLE_PORT ?? 3200}/callback`] }],
});
console.log(`Script-tag example: ${example.url}`);
