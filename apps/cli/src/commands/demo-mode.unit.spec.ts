import { describe, expect, it } from '@jest/globals';
import { turnsOnDemoMode } from './demo-mode.js';

describe('npm start and demo mode', () => {
  it('turns demo mode on for the local demo only', () => {
    expect(turnsOnDemoMode({})).toBe(true);
    expect(turnsOnDemoMode({ NODE_ENV: 'development' })).toBe(true);
  });

  it('never in production, and never over what DEMO_TOKENS says', () => {
    const secret = 'a-strong-secret-a-strong-secret-a-strong-secret';
    expect(turnsOnDemoMode({ NODE_ENV: 'production', AUTH_TOKEN_SECRET: secret })).toBe(false);
    expect(turnsOnDemoMode({ DEMO_TOKENS: 'false' })).toBe(false);
  });
});
