import { httpEnv, loadConfig, startService } from '@support/platform';
import { RerankerProxyModule } from './reranker-proxy.module.js';

const { PORT } = loadConfig(httpEnv);
const { url } = await startService('reranker-proxy', RerankerProxyModule.register(), {
  port: PORT,
});
console.log(`reranker-proxy listening at ${url}`);
