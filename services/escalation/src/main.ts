import { httpEnv, loadConfig, startService } from '@support/platform';
import { EscalationModule } from './escalation.module.js';

const { PORT } = loadConfig(httpEnv);
const { url } = await startService('escalation', EscalationModule.register(), { port: PORT });
console.log(`escalation listening at ${url}`);
