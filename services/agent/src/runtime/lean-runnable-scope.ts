import {
  _CONTEXT_VARIABLES_KEY as CONTEXT_VARIABLES,
  AsyncLocalStorageProviderSingleton as scopes,
} from '@langchain/core/singletons';
import type { RunnableConfig } from '@langchain/core/runnables';

/** Where `getRunnableConfig()` (and so LangGraph's `interrupt()`) finds a scope's config. */
const CHILD_CONFIG = Symbol.for('lc:child_config');

/** Environment switches under which LangChain adds a tracer or a console handler of its own. */
const TRACING_SWITCHES = [
  'LANGSMITH_TRACING',
  'LANGSMITH_TRACING_V2',
  'LANGCHAIN_TRACING',
  'LANGCHAIN_TRACING_V2',
  'LANGCHAIN_VERBOSE',
];

type RunWithConfig = typeof scopes.runWithConfig;
const leanScopes = new WeakSet<RunWithConfig>();

/**
 * LangChain enters an async-local scope for every runnable call (each graph node, each channel
 * write), and with no tracer it still builds a LangSmith `RunTree` to hold the call's config:
 * a uuid, two timestamps, environment reads, about 7 % of the agent's CPU per turn. With
 * tracing off and no callback handler in the config, the scope needs only the config (and the
 * context variables it inherits); that is what this puts there. Anything else (a tracer, a
 * handler, tracing switched on in the environment) takes LangChain's own path. Returns the
 * function that puts LangChain's back; does nothing when tracing is on or this is in place.
 */
export function useLeanRunnableScopes(env: NodeJS.ProcessEnv = process.env): () => void {
  if (TRACING_SWITCHES.some((name) => env[name]?.toLowerCase() === 'true')) return () => {};
  // Every agent module of a process asks; the first one's scopes serve them all.
  if (leanScopes.has(scopes.runWithConfig)) return () => {};
  const own: RunWithConfig = scopes.runWithConfig;
  const lean: RunWithConfig = <T>(
    config: RunnableConfig | undefined,
    callback: () => T,
    avoidCreatingRootRunTree?: boolean,
  ): T => {
    // Without a root run tree LangChain's scope holds no config: its path is cheap already.
    if (avoidCreatingRootRunTree || hasHandlers(config))
      return own.call(scopes, config, callback, avoidCreatingRootRunTree) as T;
    const storage = scopes.getInstance();
    const inherited = (storage.getStore() as Record<symbol, unknown> | undefined)?.[
      CONTEXT_VARIABLES
    ];
    const scope: Record<string | symbol, unknown> = { extra: { [CHILD_CONFIG]: config } };
    if (inherited !== undefined) scope[CONTEXT_VARIABLES] = inherited;
    return storage.run(scope, callback) as T;
  };
  leanScopes.add(lean);
  scopes.runWithConfig = lean;
  return () => {
    if (scopes.runWithConfig === lean) scopes.runWithConfig = own;
  };
}

function hasHandlers(config: RunnableConfig | undefined): boolean {
  const callbacks = config?.callbacks;
  if (callbacks === undefined || callbacks === null) return false;
  if (Array.isArray(callbacks)) return callbacks.length > 0;
  return callbacks.handlers.length > 0 || callbacks.inheritableHandlers.length > 0;
}
