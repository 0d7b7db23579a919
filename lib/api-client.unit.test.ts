import { afterEach, describe, expect, it, vi } from 'vitest';
import { beginSignOut, goToSignIn } from './api-client.ts';

describe('goToSignIn', () => {
  afterEach(() => vi.unstubAllGlobals());

  const stubWindow = () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { pathname: '/catalog/categories', search: '?q=x', assign } });
    return assign;
  };

  it('sends the browser to sign-in, back to where it was', () => {
    const assign = stubWindow();
    goToSignIn();
    expect(assign).toHaveBeenCalledWith('/sign-in?next=%2Fcatalog%2Fcategories%3Fq%3Dx');
  });

  it('stays put while the user signs out, and works again if the sign-out failed', () => {
    const assign = stubWindow();
    const undo = beginSignOut();
    // A read answered 401 while the sign-out ran: the sign-out's own page change counts.
    goToSignIn();
    expect(assign).not.toHaveBeenCalled();
    undo();
    goToSignIn();
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
