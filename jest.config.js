import { readdirSync } from 'node:fs';

// Workspace packages resolve to their TypeScript sources in tests, so no build is needed to test.
const packageDirs = ['libs', 'services', 'apps'].flatMap((root) =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${root}/${entry.name}`),
);
const workspaceMappings = Object.fromEntries(
  packageDirs.flatMap((dir) => [
    [`^@support/${dir.split('/')[1]}$`, `<rootDir>/${dir}/src/index.ts`],
    // A lib's test stand-ins: `@support/<lib>/testing`.
    [`^@support/${dir.split('/')[1]}/testing$`, `<rootDir>/${dir}/src/testing/index.ts`],
  ]),
);

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  setupFiles: ['<rootDir>/jest.setup.js'],
  extensionsToTreatAsEsm: ['.ts'],
  testMatch: ['<rootDir>/{libs,services,apps,deploy,bench}/**/*.spec.ts'],
  moduleNameMapper: {
    ...workspaceMappings,
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  testTimeout: 60_000,
  // On 2026-12-03 a clean-clone run printed every suite passed and then kept its main thread busy
  // instead of exiting (no "did not exit" notice: that timer never ran). Until the leak is found,
  // the run ends when the results are in, so CI reports them instead of timing out.
  forceExit: true,
  slowTestThreshold: 20,
};
