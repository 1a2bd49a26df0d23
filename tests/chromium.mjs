// How every browser run here starts Debian's Chromium (TOOLCHAIN.md): never a downloaded browser,
// and no background networking knocking on the closed network. Shared by the e2e suites and the bench.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
