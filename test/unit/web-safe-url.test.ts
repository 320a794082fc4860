// URLs from the API before a page links or redirects to them: http and https only, resolved against the page.
import { safeHttpUrl } from '../../src/web/client/shared/safe-url';

declare global {
  // The browser's window, which the page code reads and these tests stub (the server's tsconfig has no DOM types).
  var window: any;
}

const PAGE = 'https://pay.example/checkout/secret';

test('http and https URLs are kept, resolved against the page', () => {
  expect(safeHttpUrl('https://shop.example/thanks?order=1', PAGE)).toBe('https://shop.example/thanks?order=1');
  expect(safeHttpUrl('http://localhost:3000/back', PAGE)).toBe('http://localhost:3000/back');
  expect(safeHttpUrl('/checkout/secret/confirmation', PAGE)).toBe('https://pay.example/checkout/secret/confirmation');
  expect(safeHttpUrl('//shop.example/x', PAGE)).toBe('https://shop.example/x');
});

test('any other scheme, or nothing, is refused', () => {
  for (const bad of [
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>1</script>',
    'vbscript:x',
    'file:///etc/passwd',
    'mailto:a@b.c',
  ]) {
    expect(safeHttpUrl(bad, PAGE)).toBeNull();
  }
  expect(safeHttpUrl(null, PAGE)).toBeNull();
  expect(safeHttpUrl('', PAGE)).toBeNull();
  expect(safeHttpUrl('http://', PAGE)).toBeNull();
});

test("the page's own address is the default base", () => {
  globalThis.window = { location: { href: PAGE } };
  try {
    expect(safeHttpUrl('confirmation')).toBe('https://pay.example/checkout/confirmation');
  } finally {
    globalThis.window = undefined;
  }
});
