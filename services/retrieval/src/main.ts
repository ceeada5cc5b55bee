import { httpEnv, loadConfig, startService } from '@support/platform';
import { RetrievalModule } from './retrieval.module.js';

const { PORT } = loadConfig(httpEnv);
const { url } = await startService('retrieval', RetrievalModule.register(), { port: PORT });
console.log(`retrieval listening at ${url}`);
