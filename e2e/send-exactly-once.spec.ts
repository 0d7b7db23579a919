import type { Locator, Page } from '@playwright/test';
import { control, expect, expectAccessible, faultRules, fillNda, reviewEveryPage, signIn, snap, test } from './fixtures.ts';

// Issue 9: a package is sent exactly once, exactly as reviewed — even across lost answers,
// double clicks, a second tab and a new session. The sandbox's after_commit faults let the
// send commit and then lose its answer, the one outcome a client cannot tell from a failure.
// Each journey counts the packages of a signer name only it uses, and reads the
// Idempotency-Key of every POST /api/packages the browser made: all must be one key.

const SEND = '/api/v1/signature-packages';
const DETAIL = /\/packages\/((?!new\b|drafts\b)[^/?#]+)(\?sent=1)?$/;

/** A signer name no other journey (or repetition) uses: the list search finds packages by it. */
const uniqueSigner = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Fills the NDA for `signer` on a fresh send form and previews it: the review step opens. */
async function previewNda(page: Page, signer: string) {
  await page.goto('/packages/new');
  await fillNda(page, `Counterparty of ${signer}`, { counterpartySigner: signer });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('list', { name: 'Send progress' }).locator('[aria-current="step"]')).toHaveText(/Review/);
}

// Every interaction with the review step stays in these two helpers, so it changes in one place.

/** Waits for the populated document, confirms the review, and answers the enabled Send button. */
async function reviewAndConfirm(page: Page): Promise<Locator> {
  await expect(page.getByRole('region', { name: /^Populated preview of Mutual non-disclosure agreement, pages/ })).toBeVisible();
  await reviewEveryPage(page);
  const reviewed = page.getByLabel(/I have reviewed the populated document/);
  await reviewed.check();
  const send = page.getByRole('button', { name: 'Send for signature' });
  await expect(send).toBeEnabled();
  return send;
}

/**
 * Reviews and sends: one click, a double click, or two clicks dispatched in one task (before
 * React can re-render the button), the way an impatient sender or a bouncing mouse does it.
 */
async function reviewAndSend(page: Page, how: 'click' | 'dblclick' | 'two clicks in one task' = 'click') {
  const send = await reviewAndConfirm(page);
  if (how === 'click') await send.click();
  else if (how === 'dblclick') await send.dblclick();
  else
    await send.evaluate((button) => {
      (button as HTMLElement).click();
      (button as HTMLElement).click();
    });
}

/** Where the sender picks the template: the NDA's radio, or the Change button once a template is chosen. */
const templateChoice = (page: Page) =>
  page.getByRole('radio', { name: /Mutual non-disclosure agreement/ }).or(page.getByRole('button', { name: 'Change' }));

/** The Idempotency-Key of every POST /api/packages the pages make, in order. */
function recordSendKeys(...pages: Page[]): string[] {
  const keys: string[] = [];
  for (const page of pages) {
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/packages')
        keys.push(r.headers()['idempotency-key'] ?? 'none');
    });
  }
  return keys;
}

/** Ids of the packages that name `signer`, through the console's own list route. */
async function packagesOf(page: Page, signer: string): Promise<string[]> {
  const res = await page.request.get(`/api/packages?q=${encodeURIComponent(signer)}&size=100`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: string }[] }).data.map((p) => p.id);
}

/** The sends whose outcome the console's intent journal does not know yet. */
async function openSends(page: Page): Promise<{ idempotency_key: string; state: string }[]> {
  const res = await page.request.get('/api/intents?operation=package.send');
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { idempotency_key: string; state: string }[] }).data;
}

/** How long the sandbox holds a committed send's lost answer: time to queue what follows it. */
const HOLD_MS = 2_000;
/** Fails every later send before anything is committed, until the journey clears the faults. */
const UNAVAILABLE = { method: 'POST', path: SEND, status: 503, code: 'MAINTENANCE', retry_after: 0 };

/**
 * Sends through `act` while the sandbox lets the send commit and then loses its answer
 * (`lost`: dropped, or an error instead). The console's server repeats the same key at once
 * and would meet the stored reply, so the browser would never notice; to make the browser
 * itself confirm the outcome, every later attempt fails until the faults are cleared. The
 * after_commit rule is spent the moment the send commits, while its answer is still held.
 */
async function sendAndLoseTheAnswer(lost: Record<string, unknown>, act: () => Promise<void>) {
  await control('/faults', {
    rules: [{ method: 'POST', path: SEND, after_commit: true, times: 1, latency_ms: HOLD_MS, ...lost }],
  });
  await act();
  await expect.poll(async () => (await faultRules()).length, { intervals: [50], timeout: 15_000 }).toBe(0);
  await control('/faults', { rules: [UNAVAILABLE] });
}

const confirmingPanel = (page: Page) =>
  page.getByRole('status').filter({ hasText: /Confirming (whether the package was sent|the send you started)/ });

/** Says it is confirming the outcome, and nothing that claims or implies the send failed. */
async function expectConfirmingNotFailed(page: Page) {
  await expect(confirmingPanel(page)).toBeVisible();
  await expect(page.getByText(/nothing was sent/i)).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: /fail|not sent|not made|nothing was sent/i })).toHaveCount(0);
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
}

/** Lands on the package's detail; answers its id. */
async function expectDetail(page: Page, signer: string): Promise<string> {
  await expect(page).toHaveURL(DETAIL, { timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Signers of this package' })).toContainText(signer);
  return DETAIL.exec(page.url())![1]!;
}

/** One package for the signer, the one the page shows; one key for every send the browser made. */
async function expectExactlyOnce(page: Page, signer: string, id: string, keys: string[], minimumSends: number) {
  expect(await packagesOf(page, signer)).toEqual([id]);
  expect(keys.length).toBeGreaterThanOrEqual(minimumSends);
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toMatch(/^pkg-send-/);
  expect(await openSends(page)).toEqual([]);
}

test.describe('a package is sent exactly once', () => {
  test.afterEach(async ({ page, baseURL }) => {
    await control('/faults', { rules: [] });
    // A journey that failed midway leaves its send open in the sender's journal, which would
    // keep every later send form closed: settle it the way the console does, by resending it.
    const open = await page.request.get('/api/intents?operation=package.send');
    if (!open.ok()) return;
    for (const intent of ((await open.json()) as { data: { path: string; body: unknown; idempotency_key: string }[] }).data) {
      await page.request.post(intent.path, {
        data: intent.body,
        headers: { origin: baseURL!, 'idempotency-key': intent.idempotency_key },
      });
    }
  });

  test('the answer is dropped after the send committed: the console confirms under the same key and shows the one package', { tag: '@dialect' }, async ({
    page,
  }) => {
    await signIn(page, 'sender');
    const signer = uniqueSigner('Dropped');
    const keys = recordSendKeys(page);
    await previewNda(page, signer);
    await sendAndLoseTheAnswer({ drop: true }, () => reviewAndSend(page));

    await expectConfirmingNotFailed(page);
    await expect(confirmingPanel(page)).toContainText('cannot queue a second package');
    await expect(page.getByRole('button', { name: 'Edit details' })).toBeDisabled();
    // Upstream the package exists already; the journal keeps the browser's key as not known.
    expect(await packagesOf(page, signer)).toHaveLength(1);
    expect((await openSends(page)).map((i) => i.idempotency_key)).toEqual([keys[0]]);
    await expectAccessible(page);
    await snap(page, 'exactly-once-dropped-confirming');

    await control('/faults', { rules: [] });
    const id = await expectDetail(page, signer);
    await expect(page.getByText(/Package sent to 2 signers\. Delivery is queued\./)).toBeVisible();
    await expectExactlyOnce(page, signer, id, keys, 2);
  });

  test('a 503 answers a send that committed: the console confirms under the same key and shows the one package', async ({
    page,
  }) => {
    await signIn(page, 'sender');
    const signer = uniqueSigner('Failed after commit');
    const keys = recordSendKeys(page);
    await previewNda(page, signer);
    // Retry-After beyond the console's 20 s budget: its server hands this very answer to the browser.
    await sendAndLoseTheAnswer({ status: 503, code: 'ANSWER_LOST', retry_after: 30 }, () => reviewAndSend(page));

    await expectConfirmingNotFailed(page);
    await expect(confirmingPanel(page)).toContainText('The Signing API did not answer');
    await expect(page.getByRole('button', { name: 'Edit details' })).toBeDisabled();
    expect(await packagesOf(page, signer)).toHaveLength(1);
    expect((await openSends(page)).map((i) => i.idempotency_key)).toEqual([keys[0]]);

    await control('/faults', { rules: [] });
    const id = await expectDetail(page, signer);
    await expectExactlyOnce(page, signer, id, keys, 2);
  });

  test('a double click on Send sends one request and one package', async ({ page }) => {
    await signIn(page, 'sender');
    const signer = uniqueSigner('Double click');
    const keys = recordSendKeys(page);
    await previewNda(page, signer);
    // A slow send keeps the first click in flight while the second one lands.
    await control('/faults', { rules: [{ method: 'POST', path: SEND, latency_ms: 1_500, times: 1 }] });
    await reviewAndSend(page, 'dblclick');
    const id = await expectDetail(page, signer);
    await expectExactlyOnce(page, signer, id, keys, 1);
    expect(keys).toHaveLength(1);
  });

  test('two clicks dispatched in one task send one request and one package', async ({ page }) => {
    await signIn(page, 'sender');
    const signer = uniqueSigner('Two clicks');
    const keys = recordSendKeys(page);
    await previewNda(page, signer);
    await control('/faults', { rules: [{ method: 'POST', path: SEND, latency_ms: 1_500, times: 1 }] });
    await reviewAndSend(page, 'two clicks in one task');
    const id = await expectDetail(page, signer);
    await expectExactlyOnce(page, signer, id, keys, 1);
    expect(keys).toHaveLength(1);
  });

  test('a second tab waits for the unconfirmed send instead of allowing a new one, and both end on the one package', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, 'sender');
    const tabB = await page.context().newPage();
    const signer = uniqueSigner('Two tabs');
    const keysA = recordSendKeys(page);
    const keysB = recordSendKeys(tabB);
    await previewNda(page, signer);
    await sendAndLoseTheAnswer({ drop: true }, () => reviewAndSend(page));
    await expectConfirmingNotFailed(page);

    // Same session, another tab: the journal's open send is shown and confirmed there too.
    // Its read of the journal is held back: until it answers, the form must not open either.
    let answerJournal = () => {};
    const journalHeld = new Promise<void>((resolve) => (answerJournal = resolve));
    await tabB.route(
      '**/api/intents?*',
      async (route) => {
        await journalHeld;
        await route.continue();
      },
      { times: 1 },
    );
    await tabB.goto('/packages/new?template=dst_nda');
    await expect(templateChoice(tabB)).toBeVisible();
    await expect(tabB.getByRole('button', { name: 'Preview' })).toBeDisabled();
    expect(await confirmingPanel(tabB).count()).toBe(0);
    answerJournal();
    await expectConfirmingNotFailed(tabB);
    await expect(confirmingPanel(tabB)).toContainText(/started/);
    const template = templateChoice(tabB);
    await expect(template).toBeDisabled();
    await expect(tabB.getByRole('button', { name: 'Preview' })).toBeDisabled();
    // Tab B's own confirmation (its attempt count shows once one failed) fails like tab A's,
    // and the form stays closed meanwhile.
    await expect(confirmingPanel(tabB)).toContainText(/Attempt \d+/, { timeout: 15_000 });
    expect(keysB.length).toBeGreaterThanOrEqual(1);
    await expect(template).toBeDisabled();
    await expect(tabB.getByRole('button', { name: 'Preview' })).toBeDisabled();
    await expectAccessible(tabB);
    await snap(tabB, 'exactly-once-second-tab-waits');

    await control('/faults', { rules: [] });
    const idB = await expectDetail(tabB, signer);
    await page.bringToFront();
    const idA = await expectDetail(page, signer);
    expect(idA).toBe(idB);
    await expectExactlyOnce(page, signer, idA, [...keysA, ...keysB], 3);
    await tabB.close();
  });

  test('leaving the review mid-confirmation and coming back through the console shows the pending send, not a fresh form', async ({
    page,
  }) => {
    await signIn(page, 'sender');
    const signer = uniqueSigner('Came back');
    const keys = recordSendKeys(page);
    await previewNda(page, signer);
    await sendAndLoseTheAnswer({ drop: true }, () => reviewAndSend(page));
    await expectConfirmingNotFailed(page);

    // In-app links, no reload: whatever the console remembered of the journal is from before the send.
    await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Packages' }).click();
    await expect(page.getByRole('heading', { name: 'Signature packages' })).toBeVisible();
    await page.getByRole('link', { name: 'Send a package' }).first().click();
    await expect(page).toHaveURL(/\/packages\/new/);
    await expectConfirmingNotFailed(page);
    await expect(templateChoice(page)).toBeDisabled();

    await control('/faults', { rules: [] });
    const id = await expectDetail(page, signer);
    await expectExactlyOnce(page, signer, id, keys, 2);
  });

  test('signing out and in again mid-confirmation shows the pending send again and settles it under the same key', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, 'sender');
    const signer = uniqueSigner('Signed out');
    const keys = recordSendKeys(page);
    await previewNda(page, signer);
    await sendAndLoseTheAnswer({ drop: true }, () => reviewAndSend(page));
    await expectConfirmingNotFailed(page);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await signIn(page, 'sender');
    expect((await openSends(page)).map((i) => i.idempotency_key)).toEqual([keys[0]]);
    const sentBefore = keys.length;
    await page.goto('/packages/new?template=dst_nda');
    await expectConfirmingNotFailed(page);
    await expect(templateChoice(page)).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Preview' })).toBeDisabled();
    // The new session resends the open send itself (and meets the fault again).
    await expect.poll(() => keys.length, { timeout: 15_000 }).toBeGreaterThan(sentBefore);

    await control('/faults', { rules: [] });
    const id = await expectDetail(page, signer);
    await expect(page.getByText('The earlier send was confirmed: the package is queued.')).toBeVisible();
    await expectExactlyOnce(page, signer, id, keys, 2);
  });
  // The spec's 409 covers a spent receipt and a key still running alike, and names no code for
  // either: the console reads the receipt again, so these pass against either dialect.
  test('a conflict while the receipt is still good is this Send still running: confirmed under the same key, one package', { tag: '@dialect' }, async ({
    page,
  }) => {
    await signIn(page, 'sender');
    const signer = uniqueSigner('Still running');
    const keys = recordSendKeys(page);
    await previewNda(page, signer);
    await control('/faults', { rules: [{ method: 'POST', path: SEND, status: 409, times: 1 }] });
    await reviewAndSend(page);
    const id = await expectDetail(page, signer);
    await expectExactlyOnce(page, signer, id, keys, 2);
  });

  test('a receipt sent from elsewhere while it was reviewed: Send goes back to the form, says so, and keeps every value', { tag: '@dialect' }, async ({
    page,
    baseURL,
  }) => {
    await signIn(page, 'sender');
    const signer = uniqueSigner('Sent elsewhere');
    const previewed = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/packages/preview');
    await previewNda(page, signer);
    const { preview_token } = (await (await previewed).json()) as { preview_token: string };
    const send = await reviewAndConfirm(page);
    const elsewhere = await page.request.post('/api/packages', {
      data: { template_id: 'dst_nda', preview_token, confirmed: true },
      headers: { origin: baseURL!, 'idempotency-key': `pkg-send-elsewhere-${Date.now().toString(36)}` },
    });
    expect(elsewhere.status(), await elsewhere.text()).toBe(200);

    await send.click();
    await expect(page.getByRole('alert').filter({ hasText: 'That preview has already been sent' })).toBeVisible();
    await expect(page.getByLabel('Counterparty name')).toHaveValue(`Counterparty of ${signer}`);
    await expect(page.getByRole('group', { name: 'Signer: Counterparty signatory' }).getByLabel('Name')).toHaveValue(signer);
    expect(await packagesOf(page, signer)).toHaveLength(1);
    expect(await openSends(page)).toEqual([]);
  });
});
