import { httpEnv, loadConfig, startService } from '@support/platform';
import { ClassifierModule } from './classifier.module.js';

const { PORT } = loadConfig(httpEnv);
const { url } = await startService('classifier', ClassifierModule.register(), { port: PORT });
console.log(`classifier listening at ${url}`);
