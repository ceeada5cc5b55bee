import { httpEnv, loadConfig, startService } from '@support/platform';
import { AgentModule } from './agent.module.js';

const { PORT } = loadConfig(httpEnv);
const { url } = await startService('agent', AgentModule.register(), { port: PORT });
console.log(`agent listening at ${url}`);
