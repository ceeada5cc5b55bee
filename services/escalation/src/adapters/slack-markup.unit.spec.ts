import { describe, expect, it } from '@jest/globals';
import { decodeSlackMarkup, mentionedUsers } from './slack-markup.js';

// Inputs are `event.text` as Slack sends it, written from Slack's "Formatting text for app surfaces"
// reference (escaping: only &, < and > become &amp; &lt; &gt;; links `<url|label>`; user mentions
// `<@U…>`; channels `<#C…|name>`; special mentions `<!here>`, `<!subteam^…|@handle>`,
// `<!date^…^…|fallback>`) and the text of the message events in its Events API samples.
describe('decodeSlackMarkup', () => {
  const names = new Map([['U0G9QF9C6', 'Huda']]);

  it('unescapes the three entities Slack escapes, once (no double decoding)', () => {
    expect(decodeSlackMarkup('Returns &amp; exchanges: 3 &lt; 5 &gt; 2, &amp;lt; stays')).toBe(
      'Returns & exchanges: 3 < 5 > 2, &lt; stays',
    );
  });

  it('writes a labelled link as its label and its address, a bare one as its address', () => {
    expect(
      decodeSlackMarkup('See <https://help.sanaa.example/returns?a=1&amp;b=2|our returns page>.'),
    ).toBe('See our returns page (https://help.sanaa.example/returns?a=1&b=2).');
    expect(decodeSlackMarkup('<https://sanaa.example/track>')).toBe('https://sanaa.example/track');
    expect(decodeSlackMarkup('<https://sanaa.example|https://sanaa.example>')).toBe(
      'https://sanaa.example',
    );
    expect(decodeSlackMarkup('Mail <mailto:care@sanaa.example|care@sanaa.example>')).toBe(
      'Mail care@sanaa.example',
    );
  });

  it('names a mentioned user, or leaves the mention out when the name is unknown', () => {
    expect(decodeSlackMarkup('<@U0G9QF9C6> will call you today.', names)).toBe(
      '@Huda will call you today.',
    );
    expect(decodeSlackMarkup('Thanks <@U0UNKNOWN1>, your refund is on its way.', names)).toBe(
      'Thanks, your refund is on its way.',
    );
    expect(mentionedUsers('<@U0G9QF9C6> and <@W0123ABC> and <@U0G9QF9C6>')).toEqual([
      'U0G9QF9C6',
      'W0123ABC',
    ]);
  });

  it('shows a channel by its name, drops broadcasts and id-only channels, keeps fallbacks', () => {
    expect(decodeSlackMarkup('<!here> asked in <#C024BE7LR|returns>: yes.')).toBe(
      'asked in #returns: yes.',
    );
    expect(decodeSlackMarkup('See <#C024BE7LR> for details')).toBe('See for details');
    expect(decodeSlackMarkup('<!subteam^SAZ94GDB8|@couriers> will pick it up')).toBe(
      '@couriers will pick it up',
    );
    expect(
      decodeSlackMarkup('Delivered <!date^1392734382^{date_short}|Feb 18, 2014> at noon'),
    ).toBe('Delivered Feb 18, 2014 at noon');
  });

  it('decodes Arabic replies the same way', () => {
    expect(
      decodeSlackMarkup(
        '<@U0G9QF9C6> ستتصل بك. التفاصيل <https://sanaa.example/ar|هنا> &amp; شكراً',
        names,
      ),
    ).toBe('@Huda ستتصل بك. التفاصيل هنا (https://sanaa.example/ar) & شكراً');
  });
});
