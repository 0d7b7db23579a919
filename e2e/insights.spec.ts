import Database from 'better-sqlite3';
import { expect, expectAccessible, expectPhoneFits, sendNdaViaApi, signIn, snap, test } from './fixtures.ts';

// Issue 39: Insights draws what the console sent: a chart with its table beside it, a CSV of
// its figures, and a click on a bar (or the table's link) opens the packages list for that day.
// The journeys' console runs without the watcher, so outcomes are "not seen", and the page says so.

test('insights: packages sent per day, drawn and tabled, a bar opening the list of that day', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const tag = `${Date.now().toString(36)}ins`;
  await sendNdaViaApi(page, `Insights ${tag} one`, tag);
  await sendNdaViaApi(page, `Insights ${tag} two`, `${tag}b`);

  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto('/insights?period=7d');
  // the browser's time zone is put in the URL, so the days are the viewer's
  await expect(page).toHaveURL(/[?&]tz=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

  const sent = page.locator('[data-figure="packages-sent"]');
  await expect(sent.getByRole('heading', { name: 'Packages sent per day' })).toBeVisible();
  const table = sent.getByRole('table', { name: 'Packages sent per day' });
  await expect(table.getByRole('row')).toHaveCount(8); // a header and 7 days
  const today = table.getByRole('row').last();
  expect(Number(await today.getByRole('cell').last().textContent())).toBeGreaterThanOrEqual(2);
  // the chart is drawn (for the eye; hidden from screen readers, who have the table)
  await expect(sent.locator('.recharts-bar-rectangle').last()).toBeVisible();
  await expect(sent.getByTestId('chart-bar')).toHaveAttribute('aria-hidden', 'true');

  // what the console did not see is said
  await expect(page.getByRole('heading', { name: 'What the console did not see' })).toBeVisible();
  await expect(page.getByText(/not been\s+seen by the watcher yet/)).toBeVisible();
  await expect(page.getByText('Sent to first signature')).toBeVisible();

  // the CSV holds the table's figures
  const csvHref = await sent.getByRole('link', { name: /Download CSV/ }).getAttribute('href');
  const csv = await page.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split('\r\n');
  expect(lines[0]).toBe('from,to,sent');
  expect(lines).toHaveLength(8);

  await expectAccessible(page);
  await snap(page, 'insights-1360');
  await expectPhoneFits(page, 'insights-390');

  // a click on today's bar opens the packages list sent that day
  const day = (await today.getByRole('cell').first().textContent())!.trim();
  await sent.locator('.recharts-bar-rectangle').last().click();
  await expect(page).toHaveURL(new RegExp(`/packages\\?sent_from=${day}&sent_to=${day}`));
  await expect(page.getByRole('link', { name: /NDA|Mutual/ }).first()).toBeVisible();

  // and so does the table's link, for the keyboard and screen readers
  await page.goBack();
  await page.locator('[data-figure="packages-sent"]').getByRole('link', { name: day }).click();
  await expect(page).toHaveURL(new RegExp(`/packages\\?sent_from=${day}&sent_to=${day}`));
});

test('insights: a bad period is refused in words, the form showing which field', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/insights?period=custom&from=2026-11-10&to=2026-11-01&tz=UTC');
  await expect(page.getByRole('alert').filter({ hasText: 'These figures cannot be shown' })).toContainText(
    'to must be on or after from',
  );
  await expect(page.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
});

// The watcher is off here: what it would have recorded of two requests (their status changes
// and the layers they visited) is written into the console's SQLite file, with the console's
// record of their submission, as the watcher and the submit route would have made them.
const DB = `.data/e2e-${process.env.E2E_PORT ?? 3100}/console/console.db`;

function seedRequests(tag: string) {
  const file = new Database(DB);
  try {
    const admin = file.prepare('SELECT id FROM users WHERE email = ?').get('admin@signdesk.local') as { id: string };
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
    const change = file.prepare(
      `INSERT INTO status_history (kind, id, from_status, to_status, at, recorded_at) VALUES ('approval_request', ?, ?, ?, ?, ?)`,
    );
    const submission = file.prepare(
      `INSERT INTO approval_submissions (request_id, user_id, team_id, workflow_id, workflow_name, submitted_at) VALUES (?, ?, NULL, ?, ?, ?)`,
    );
    const visit = file.prepare(
      `INSERT INTO approval_layer_visits (request_id, visit, layer, name, entered_at, decided_at, decision, due_at, updated_at)
       VALUES (?, ?, 1, 'Budget owner', ?, ?, ?, ?, ?)`,
    );
    for (const [n, decidedAgo] of [
      [1, 2],
      [2, null],
    ] as const) {
      const id = `ar_${tag}${n}`;
      submission.run(id, admin.id, `wf_${tag}`, `Purchase ${tag}`, at(6));
      change.run(id, null, 'IN_PROGRESS', at(6), at(6));
      if (decidedAgo !== null) change.run(id, 'IN_PROGRESS', 'APPROVED', at(decidedAgo), at(decidedAgo));
      // 8 h SLA: the first decided in 4 h (met), the second still open within it
      visit.run(
        id,
        0,
        at(6),
        decidedAgo === null ? null : at(decidedAgo),
        decidedAgo === null ? null : 'APPROVED',
        at(-2),
        at(0),
      );
    }
  } finally {
    file.close();
  }
}

test('insights: approval requests by workflow, time in each layer and SLA met, each tabled, as CSV and drilled into', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}e`;
  seedRequests(tag);
  await signIn(page, 'admin');
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto(`/insights?period=7d&workflow=wf_${tag}`);
  await expect(page).toHaveURL(/[?&]tz=/);
  await expect(page.getByRole('heading', { level: 2, name: 'Approval requests' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Workflow' })).toHaveValue(`wf_${tag}`);

  const byWorkflow = page.locator('[data-figure="requests-by-workflow"]');
  const row = byWorkflow.getByRole('table', { name: 'Approval requests by workflow' }).getByRole('row').nth(1);
  await expect(row.getByRole('cell')).toHaveText([`Purchase ${tag}`, '2', '1', '0', '1', '4 h', '4 h', /^0/]);
  await expect(byWorkflow.locator('.recharts-bar-rectangle').first()).toBeVisible();

  const layers = page.locator('[data-figure="layer-times"]');
  await expect(
    layers.getByRole('table', { name: 'Time in each approval layer' }).getByRole('row').nth(1).getByRole('cell'),
  ).toHaveText([`Purchase ${tag} · Budget owner`, '2', '1', '4 h', '4 h', '1', '0', '0']);

  const sla = page.locator('[data-figure="request-sla"]').getByRole('table', { name: 'Layer visits against their SLA' });
  await expect(
    sla
      .getByRole('row', { name: /Decided within the SLA/ })
      .getByRole('cell')
      .last(),
  ).toHaveText('1');
  await expect(
    sla
      .getByRole('row', { name: /Undecided, within the SLA/ })
      .getByRole('cell')
      .last(),
  ).toHaveText('1');

  // the CSV holds the table's figures
  const csvHref = await page
    .locator('[data-figure="layer-times"]')
    .getByRole('link', { name: /Download CSV/ })
    .getAttribute('href');
  const csv = await page.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split('\r\n');
  expect(lines[0]).toMatch(/^workflow_id,workflow_name,layer,layer_name,visits,/);
  expect(lines[1]).toContain(`wf_${tag},Purchase ${tag},1,Budget owner,2,1,0,4.00,4.00,1,0,0,1,0`);

  await expectAccessible(page);
  await page.locator('[data-figure="requests-by-workflow"]').scrollIntoViewIfNeeded();
  await snap(page, 'insights-approvals-1360');
  await expectPhoneFits(page, 'insights-approvals-390');

  // a click on the workflow's bar opens the requests list of that workflow, the filter shown applied
  await byWorkflow.locator('.recharts-bar-rectangle').first().click();
  await expect(page).toHaveURL(new RegExp(`/approvals\\?.*workflow=wf_${tag}`));
  await expect(page.getByText('Submitted from this console with')).toBeVisible();
  await expect(page.getByText(`wf_${tag}`)).toBeVisible();
  // and so does the table's link
  await page.goBack();
  await page
    .locator('[data-figure="requests-by-workflow"]')
    .getByRole('link', { name: `Purchase ${tag}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/approvals\\?.*workflow=wf_${tag}`));
});

test('insights: every chart has its table beside it and its CSV, and a row of it opens the matching list', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now().toString(36)}all`;
  seedRequests(tag);
  await signIn(page, 'admin');
  await sendNdaViaApi(page, `Insights ${tag}`, tag);
  for (const width of [1360, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/insights?period=7d');
    await expect(page).toHaveURL(/[?&]tz=/);
    const figures = page.locator('[data-figure]');
    await expect(figures.first()).toBeVisible();
    const ids = await figures.evaluateAll((els) => els.map((el) => el.getAttribute('data-figure')!));
    // the packages' five figures and the requests' six
    expect(ids).toHaveLength(11);
    // and their figures are this history's: the two requests seeded above, under their workflow
    await expect(
      page
        .locator('[data-figure="requests-by-workflow"]')
        .getByRole('row', { name: new RegExp(`Purchase ${tag}`) })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('2');
    for (const id of ids) {
      const figure = page.locator(`[data-figure="${id}"]`);
      const title = (await figure.getByRole('heading', { level: 3 }).textContent())!.trim();
      // a table for those who would rather read, named by its caption
      const table = figure.getByRole('table');
      await expect(table, id).toHaveCount(1);
      await expect(table.getByRole('columnheader').first(), id).toBeVisible();
      // its figures as CSV: a header, then a line per row of figures
      const href = await figure.getByRole('link', { name: `Download CSV of ${title.toLowerCase()}` }).getAttribute('href');
      const csv = await page.request.get(href!);
      expect(csv.status(), id).toBe(200);
      expect(csv.headers()['content-type'], id).toMatch(/^text\/csv/);
      expect((await csv.text()).trim().split('\r\n')[0], id).toMatch(/^[a-z_]+(,[a-z0-9_]+)+$/);
    }
    if (width === 390) await expectPhoneFits(page, 'insights-all-390');
  }
  // Each table's first link opens the list it counts, with the figure's filters in its address.
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto(`/insights?period=7d`);
  await expect(page.locator('[data-figure]').first()).toBeVisible();
  const drills = await page
    .locator('[data-figure]')
    .evaluateAll((els) =>
      els
        .map((el) => ({ id: el.getAttribute('data-figure')!, href: el.querySelector('table a')?.getAttribute('href') ?? null }))
        .filter((d): d is { id: string; href: string } => d.href !== null),
    );
  // every figure whose rows are records: sent, outcomes, templates, expiring; submitted, decisions, workflows, layers
  expect(drills.map((d) => d.id)).toEqual(
    expect.arrayContaining(['packages-sent', 'package-outcomes', 'template-losses', 'requests-by-workflow', 'layer-times']),
  );
  for (const { id, href } of drills) {
    await page.goto(href);
    expect(new URL(page.url()).pathname, id).toMatch(/^\/(packages|approvals)$/);
    expect(new URL(page.url()).search, id).not.toBe('');
    await expect(page.getByRole('heading', { level: 1 }), id).toBeVisible();
  }
});
