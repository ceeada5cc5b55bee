import { describe, expect, it } from '@jest/globals';
import { normalizeForChecks } from '@support/text';
import { foreignHosts, normalizeLinkHosts, withoutLinks } from './foreign-links.js';

const hosts = (sentence: string, allowed: string[] = []) =>
  foreignHosts(normalizeForChecks(sentence), allowed);

describe('foreignHosts', () => {
  it('reads the host of URLs, www and bare domains, e-mail addresses and IPv4 addresses', () => {
    expect(
      hosts(
        'See HTTPS://User@Shop.Evil.Example:8443/a?b=c, www.other.example, mail x@mail.example, ' +
          'http://198.51.100.2 and متجر.السعودية or ftp://files.example.',
      ),
    ).toEqual([
      'shop.evil.example',
      '198.51.100.2',
      'files.example',
      'www.other.example',
      'mail.example',
      'xn--pgbep1f.xn--mgberp4a5d4ar',
    ]);
  });

  it('allows the listed hosts and their subdomains only', () => {
    const allowed = ['sanaa.example'];
    expect(hosts('Visit https://sanaa.example and help.sanaa.example.', allowed)).toEqual([]);
    expect(hosts('Visit sanaa.example.evil.example and evilsanaa.example.', allowed)).toEqual([
      'sanaa.example.evil.example',
      'evilsanaa.example',
    ]);
  });

  it('reads two words joined by a full stop without a space as a host: it fails closed', () => {
    expect(hosts('Delivery takes 2–4 days.Returns are free.')).toEqual(['days.returns']);
  });

  it('is not fooled by invisible characters, full-width dots or look-alike letters', () => {
    expect(hosts('Visit evil\u200B.exam\u200Dple', ['sanaa.example'])).toEqual(['evil.example']);
    expect(hosts('Visit evil．example or evil｡example')).toEqual(['evil.example']);
    expect(hosts('Visit ѕanaa.example', ['sanaa.example'])).toHaveLength(1);
  });

  it('reads a mark that looks like a dot as the dot a reader would type', () => {
    expect(hosts('Pay at sanaa\u2219example\u2219evil.com', ['sanaa.example'])).toEqual([
      'sanaa.example.evil.com',
    ]);
    expect(hosts('Visit sanaa\u2022shop or sanaa\u00b7help.')).toEqual([
      'sanaa.shop',
      'sanaa.help',
    ]);
    expect(hosts('الرسوم ١٠ريال')).toEqual([]);
  });

  it('lets a public suffix in the allow-list allow nothing', () => {
    expect(normalizeLinkHosts(['co.uk', 'github.io', 'sanaa.co.uk'])).toEqual(['sanaa.co.uk']);
    expect(hosts('See evil.github.io', ['github.io'])).toEqual(['evil.github.io']);
  });

  it.each([
    'Returns within 21 days, e.g. for a wrong size.',
    'A fee of 1.5 KWD or 3.99SAR applies, i.e. per order.',
    'رسوم التوصيل 25 ر.س أو 15 د.إ.',
    'Orders ship at 9 a.m. from Riyadh.',
  ])('finds no host in %j', (sentence) => {
    expect(hosts(sentence)).toEqual([]);
  });

  it('blanks links out of a text and normalises allow-list entries', () => {
    expect(withoutLinks('Go to https://a.example/x?y=1 or b.example now')).toBe('Go to   or   now');
    expect(normalizeLinkHosts([' Sanaa.Example. ', ''])).toEqual(['sanaa.example']);
  });
});
