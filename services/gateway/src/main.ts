import { httpEnv, loadConfig, startService } from '@support/platform';
import { GatewayModule } from './gateway.module.js';

const { PORT } = loadConfig(httpEnv);
const { url } = await startService('gateway', GatewayModule.register(), { port: PORT });
console.log(`gateway listening: chat at ${url}/`);
