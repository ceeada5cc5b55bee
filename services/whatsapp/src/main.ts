import { httpEnv, loadConfig, startService } from '@support/platform';
import { WhatsAppModule } from './whatsapp.module.js';

const { PORT } = loadConfig(httpEnv);
const { url } = await startService('whatsapp', WhatsAppModule.register(), { port: PORT });
console.log(`whatsapp listening: webhook at ${url}/whatsapp/webhook`);
