import { describe, expect, it } from '@jest/globals';
import {
  afterModel,
  afterTools,
  afterValidation,
  beforeModel,
  MAX_MODEL_CALLS,
  type ToolCallResult,
} from './turn-route.js';

const ready = { turnOver: false, modelCalls: 0 };

const escalateCall: ToolCallResult = { kind: 'escalate' };
const otherCall: ToolCallResult = { kind: 'other' };
const search = (retrieval: 'ok' | 'below_score_floor' | 'retrieval_unavailable' | 'no_answer') =>
  ({ kind: 'knowledge_base', retrieval }) as const;

describe('given a turn about to call the model', () => {
  it('when the turn has calls left then the model is called', () => {
    expect(beforeModel(ready)).toEqual({ next: 'model' });
    expect(beforeModel({ ...ready, modelCalls: MAX_MODEL_CALLS - 1 })).toEqual({ next: 'model' });
  });

  it('when a colleague replied or the customer withdrew then the turn ends', () => {
    expect(beforeModel({ ...ready, turnOver: true })).toEqual({ next: 'end' });
    expect(beforeModel({ turnOver: true, modelCalls: MAX_MODEL_CALLS })).toEqual({ next: 'end' });
  });

  it('when the model has had all its calls then the turn escalates as a failed answer', () => {
    expect(beforeModel({ ...ready, modelCalls: MAX_MODEL_CALLS })).toEqual({
      next: 'escalate',
      reason: 'answer_validation_failed',
    });
  });
});

describe('given the model step is done', () => {
  it('when the model wrote a draft then the draft is validated', () => {
    expect(afterModel('answer')).toEqual({ next: 'validate' });
  });

  it('when the model called tools then the tools run', () => {
    expect(afterModel('tool_calls')).toEqual({ next: 'tools' });
  });

  it('when the model call failed then the turn escalates as a failed answer', () => {
    expect(afterModel('failed')).toEqual({
      next: 'escalate',
      reason: 'answer_validation_failed',
    });
  });

  it('when the prompt did not fit the model then the turn escalates as a failed answer', () => {
    expect(afterModel('prompt_over_budget')).toEqual({
      next: 'escalate',
      reason: 'answer_validation_failed',
    });
  });
});

describe('given the tools ran', () => {
  it('when no call was made then the model is called again', () => {
    expect(afterTools([])).toEqual({ next: 'model' });
  });

  it('when the knowledge base answered and other tools ran then the model reads the results', () => {
    expect(afterTools([search('ok'), otherCall, search('ok')])).toEqual({ next: 'model' });
  });

  it('when the model called escalate then the turn goes to a human as agent_requested', () => {
    expect(afterTools([escalateCall])).toEqual({ next: 'escalate', reason: 'agent_requested' });
  });

  it('when retrieval said it is unavailable then the turn escalates as retrieval_unavailable', () => {
    expect(afterTools([search('retrieval_unavailable')])).toEqual({
      next: 'escalate',
      reason: 'retrieval_unavailable',
    });
  });

  it('when retrieval gave no answer in time then the turn escalates as retrieval_unavailable', () => {
    expect(afterTools([search('no_answer')])).toEqual({
      next: 'escalate',
      reason: 'retrieval_unavailable',
    });
  });

  it('when nothing cleared the score floor then the turn escalates as below_score_floor', () => {
    expect(afterTools([search('below_score_floor')])).toEqual({
      next: 'escalate',
      reason: 'below_score_floor',
    });
  });

  it('when several calls would end the turn then the first one gives the reason', () => {
    expect(afterTools([otherCall, search('below_score_floor'), escalateCall])).toEqual({
      next: 'escalate',
      reason: 'below_score_floor',
    });
    expect(afterTools([escalateCall, search('no_answer')])).toEqual({
      next: 'escalate',
      reason: 'agent_requested',
    });
  });
});

describe('given the draft was validated', () => {
  it('when every sentence passed then the turn ends with the answer', () => {
    expect(afterValidation({ passed: true, asksToRephrase: false, hadMaterial: true })).toEqual({
      next: 'end',
    });
  });

  it('when a check failed then the turn escalates as answer_validation_failed', () => {
    for (const asksToRephrase of [false, true])
      expect(afterValidation({ passed: false, asksToRephrase, hadMaterial: true })).toEqual({
        next: 'escalate',
        reason: 'answer_validation_failed',
      });
  });

  it('when the draft asks to rephrase what the chunks could not answer then the turn escalates as rephrase_requested', () => {
    expect(afterValidation({ passed: true, asksToRephrase: true, hadMaterial: true })).toEqual({
      next: 'escalate',
      reason: 'rephrase_requested',
    });
  });

  it('when the draft asks for a question and nothing was looked up then that is the reply', () => {
    expect(afterValidation({ passed: true, asksToRephrase: true, hadMaterial: false })).toEqual({
      next: 'end',
    });
  });
});
