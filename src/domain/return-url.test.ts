import { safeReturnUrl } from '@/domain/return-url';

describe('safeReturnUrl', () => {
  it.each([
    ['/events?x=1', '/events?x=1'],
    ['/events/abc123', '/events/abc123'],
    ['/messages/a_b#latest', '/messages/a_b#latest'],
    ['/', '/'],
    ['/profile/settings?tab=email&x=%2F%2F', '/profile/settings?tab=email&x=%2F%2F'],
    [
      '/events/%E3%82%B5%E3%83%83%E3%82%AB%E3%83%BC',
      '/events/%E3%82%B5%E3%83%83%E3%82%AB%E3%83%BC',
    ],
  ])('keeps the same-site path %j', (raw, expected) => {
    expect(safeReturnUrl(raw)).toBe(expected);
  });

  it('normalizes harmless dot segments', () => {
    expect(safeReturnUrl('/events/../teams')).toBe('/teams');
  });

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/login'],
    ['absolute https', 'https://evil.example'],
    ['absolute http', 'http://evil.example/events'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['backslash after slash', '/\\evil.example'],
    ['backslash later', '/events\\..\\..\\evil'],
    ['leading space', ' /x'],
    ['leading tab', '\t/x'],
    ['leading newline', '\n/x'],
    ['tab that browsers drop', '/\t/evil.example'],
    ['newline that browsers drop', '/\n/evil.example'],
    ['empty', ''],
    ['relative', 'events'],
    ['relative dot', './events'],
    ['encoded double slash', '/%2F%2Fevil.example'],
    ['mixed encoded slash', '/%2F/evil.example'],
    ['double-encoded double slash', '/%252F%252Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['dot segments collapsing to //', '/.//evil.example'],
    ['parent segments collapsing to //', '/a/..//evil.example'],
    ['malformed escape', '/events%'],
    ['encoded control character', '/%0A/evil'],
  ])('sends %s (%j) home', (_label, raw) => {
    expect(safeReturnUrl(raw)).toBe('/');
  });

  it('sends missing values home', () => {
    expect(safeReturnUrl(null)).toBe('/');
    expect(safeReturnUrl(undefined)).toBe('/');
  });
});
