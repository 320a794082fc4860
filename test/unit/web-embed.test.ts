// An embedded checkout's messages to the page framing it: to exactly the embed origin's origin, never to '*', and
// nothing at all when the page is not framed, the checkout names no embed origin, or names one that is not an origin.
import type { CheckoutPublic } from '../../src/contracts/checkout-public';
import { embedPoster, framedBy } from '../../src/web/client/checkout/embed';

declare global {
  // The browser's window, which the page code reads and these tests stub (the server's tsconfig has no DOM types).
  var window: any;
}

const checkout = {
  id: 'co_1',
  status: 'open',
  currency: 'eur',
  total_amount: 1500,
  tax_amount: 239,
  product_id: 'prod_1',
  customer_email: 'not-for-the-shop@example.com',
} as unknown as CheckoutPublic;

const postMessage = jest.fn();

/** A page in a frame (its parent another window) or on its own (its parent itself). */
function stubWindow(framed: boolean): void {
  const self: { parent?: unknown } = {};
  self.parent = framed ? { postMessage } : self;
  globalThis.window = self;
}

beforeEach(() => postMessage.mockReset());
afterAll(() => {
  globalThis.window = undefined;
});

describe('framedBy', () => {
  test("a framed page's embed origin is reduced to its origin", () => {
    stubWindow(true);
    expect(framedBy('https://shop.example')).toBe('https://shop.example');
    expect(framedBy('https://shop.example:8443/checkout/page?x=1#top')).toBe('https://shop.example:8443');
  });

  test('no embed origin, or not framed: none', () => {
    stubWindow(true);
    expect(framedBy(null)).toBeNull();
    expect(framedBy('')).toBeNull();
    stubWindow(false);
    expect(framedBy('https://shop.example')).toBeNull();
  });

  test('what is not an origin is refused', () => {
    stubWindow(true);
    for (const bad of ['*', 'shop.example', 'null', 'data:text/html,hi', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect(framedBy(bad)).toBeNull();
    }
  });
});

describe('embedPoster', () => {
  test("posts each event to exactly the embed origin's origin, with the checkout's public summary only", () => {
    stubWindow(true);
    const post = embedPoster('https://shop.example/path');
    post('loaded', checkout);
    post('success', checkout, { success_url: 'https://shop.example/thanks' });
    expect(postMessage).toHaveBeenCalledTimes(2);
    for (const [, target] of postMessage.mock.calls) expect(target).toBe('https://shop.example');
    expect(postMessage.mock.calls[0][0]).toEqual({
      type: 'bursar:checkout',
      event: 'loaded',
      checkout: {
        id: 'co_1',
        status: 'open',
        currency: 'eur',
        total_amount: 1500,
        tax_amount: 239,
        product_id: 'prod_1',
      },
    });
    expect(postMessage.mock.calls[1][0]).toMatchObject({
      event: 'success',
      success_url: 'https://shop.example/thanks',
    });
  });

  test('posts nothing when not framed, without an embed origin, or with a bad one', () => {
    stubWindow(false);
    embedPoster('https://shop.example')('loaded', checkout);
    stubWindow(true);
    embedPoster(null)('loaded', checkout);
    embedPoster('*')('loaded', checkout);
    embedPoster('not a url')('updated', checkout);
    expect(postMessage).not.toHaveBeenCalled();
  });
});
