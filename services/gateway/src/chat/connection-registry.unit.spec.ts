import { describe, expect, it } from '@jest/globals';
import { ConnectionRegistry, type FrameSink } from './connection-registry.js';
import { RecentReplies, type ReplyFrame } from './recent-replies.js';
import type { ServerFrame } from './server-frames.js';

function sink(): FrameSink & { frames: ServerFrame[] } {
  const frames: ServerFrame[] = [];
  return { frames, send: (frame) => frames.push(frame) };
}

function reply(replyId: string): ReplyFrame {
  return {
    type: 'reply',
    turnId: 't',
    replyId,
    kind: 'answer',
    text: replyId,
    citations: [],
    at: '',
  };
}

const ids = (s: { frames: ServerFrame[] }) =>
  s.frames.map((f) => (f.type === 'reply' ? f.replyId : f.type));

describe('ConnectionRegistry', () => {
  it('sends a frame with a key to a socket once, and other frames every time', () => {
    const registry = new ConnectionRegistry();
    const tab = sink();
    registry.attach('c1', tab);
    registry.deliver('c1', reply('r1'), 'r1');
    registry.deliver('c1', { type: 'typing', active: false });
    expect(registry.deliver('c1', reply('r1'), 'r1')).toBe(0);
    registry.deliver('c1', { type: 'typing', active: false });
    expect(ids(tab)).toEqual(['r1', 'typing', 'typing']);
  });

  it('gives a socket that attaches late the recent replies its history did not have', () => {
    const registry = new ConnectionRegistry();
    registry.deliver('c1', reply('r1'), 'r1');
    registry.deliver('c1', reply('r2'), 'r2');
    registry.deliver('c2', reply('other'), 'other');
    const tab = sink();
    registry.attach('c1', tab, ['r1']);
    expect(ids(tab)).toEqual(['r2']);
  });

  it('sends a reply to every tab of the conversation and to no other', () => {
    const registry = new ConnectionRegistry();
    const [a, b, other] = [sink(), sink(), sink()];
    registry.attach('c1', a);
    registry.attach('c1', b);
    registry.attach('c2', other);
    expect(registry.deliver('c1', reply('r1'), 'r1')).toBe(2);
    registry.detach('c1', b);
    registry.deliver('c1', reply('r2'), 'r2');
    expect([ids(a), ids(b), ids(other)]).toEqual([['r1', 'r2'], ['r1'], []]);
    expect(registry.connections).toBe(2);
  });
});

describe('RecentReplies', () => {
  it('forgets replies older than the window, and the least recent conversation over the cap', () => {
    let now = 0;
    const recent = new RecentReplies(1_000, 2, 20, { now: () => new Date(now) });
    recent.remember('c1', reply('old'));
    now = 1_500;
    recent.remember('c1', reply('new'));
    expect(recent.of('c1').map((f) => f.replyId)).toEqual(['new']);
    recent.remember('c2', reply('x'));
    recent.remember('c3', reply('y'));
    expect(recent.of('c1')).toEqual([]);
    expect(recent.of('c3').map((f) => f.replyId)).toEqual(['y']);
  });
});
