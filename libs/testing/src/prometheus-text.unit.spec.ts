import { describe, expect, it } from '@jest/globals';
import { parsePrometheusText, sampleValue } from './prometheus-text.js';

const EXPOSITION = `# HELP support_turns_total Turns
# TYPE support_turns_total counter
support_turns_total{route="answered",reason="none",service="agent"} 3
support_turns_total{route="escalated",reason="below_score_floor",service="agent"} 1

# TYPE support_stage_duration_seconds histogram
support_stage_duration_seconds_bucket{le="+Inf",service="agent",stage="model"} 2
support_stage_duration_seconds_sum{service="agent",stage="model"} 0.25
up 1 1700000000000
odd{text="a \\"quoted\\", comma"} NaN
lag{service="agent"} Nan
`;

describe('parsePrometheusText', () => {
  it('reads samples, their labels and the family types', () => {
    const parsed = parsePrometheusText(EXPOSITION);
    expect(parsed.types.get('support_turns_total')).toBe('counter');
    expect(parsed.types.get('support_stage_duration_seconds')).toBe('histogram');
    expect(sampleValue(parsed, 'support_turns_total', { route: 'escalated' })).toBe(1);
    expect(sampleValue(parsed, 'support_turns_total', { route: 'held' })).toBe(0);
    expect(
      sampleValue(parsed, 'support_stage_duration_seconds_bucket', { le: '+Inf', stage: 'model' }),
    ).toBe(2);
    expect(sampleValue(parsed, 'up')).toBe(1);
    expect(parsed.samples.find((s) => s.name === 'odd')?.labels).toEqual({
      text: 'a "quoted", comma',
    });
    expect(Number.isNaN(sampleValue(parsed, 'lag'))).toBe(true);
    expect(parsed.samples).toHaveLength(7);
  });

  it.each([
    ['a sample without a value', 'support_turns_total{route="answered"}'],
    ['unquoted label values', 'support_turns_total{route=answered} 1'],
    ['a value that is not a number', 'support_turns_total 1x'],
    ['a stray comment', '# just a note'],
  ])('refuses %s', (_, line) => {
    expect(() => parsePrometheusText(line)).toThrow(line);
  });
});
