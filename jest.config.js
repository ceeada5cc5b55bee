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
    // A lib's framework-free part: `@support/<lib>/pure`.
    [`^@support/${dir.split('/')[1]}/pure$`, `<rootDir>/${dir}/src/pure.ts`],
  ]),
);

/** @type {import('jest').Config} */
export default {
  testEnvironment: '<rootDir>/jest.environment.js',
  setupFiles: ['<rootDir>/jest.setup.js'],
  extensionsToTreatAsEsm: ['.ts'],
  testMatch: ['<rootDir>/{libs,services,apps,deploy,bench}/**/*.spec.ts'],
  moduleNameMapper: {
    ...workspaceMappings,
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // Data files parsed once per worker, not once per suite (jest.yaml.js).
    '^yaml$': '<rootDir>/jest.yaml.js',
  },
  // swc transpiles each file on its own, as tsc's isolatedModules would: no type-checking here
  // (`npm run lint` runs `tsc -p tsconfig.spec.json` over every source and spec). Legacy decorators
  // and their metadata are what NestJS's dependency injection reads, as tsconfig.base.json emits.
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: {
            legacyDecorator: true,
            decoratorMetadata: true,
            useDefineForClassFields: true,
          },
          target: 'es2022',
        },
      },
    ],
  },
  testTimeout: 60_000,
  // Suites run in worker processes, which jest replaces once one holds more than this after a
  // suite: jest's ES module registries are not all freed between suites, so one long-lived process
  // grows without bound (it needed a 10 GB heap, and near its limit collected garbage non-stop).
  workerIdleMemoryLimit: '1GB',
  slowTestThreshold: 20,
};
