import NodeEnvironment from 'jest-environment-node';

// One per worker process, outliving its suites (each suite gets a fresh global and module
// registry): the YAML texts already parsed, as JSON, for jest.yaml.js.
const parsedYaml = new Map();

/** jest's node environment, with the worker's parsed-YAML memo on every suite's global. */
export default class WorkerMemoEnvironment extends NodeEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__parsedYaml = parsedYaml;
  }
}
