import type { Metadata } from 'next';
import { after } from 'next/server';
import { HomeView } from '@/components/home/home-view';
import { PageHeader } from '@/components/ui/page-header';
import { requireUser } from '@/server/auth/page-access';
import { db } from '@/server/db';
import { noteHomeVisit } from '@/server/home/home-visits';
import { apiNow } from '@/server/signing-api/client/upstream-clock';

export const metadata: Metadata = { title: 'Home' };

// Every role lands here: what needs the user now, within their roles (server/home/read-home.ts).
export default async function HomePage() {
  const user = await requireUser();
  // A page view is a visit; on the API's clock, as the packages' times are. Noted once the page
  // is on its way (a database write per first view would otherwise hold every page of a
  // morning's rush), which is still before the browser has loaded, hydrated and asked for
  // home's sections, so "since you last looked" means the visit before this one.
  const at = apiNow();
  after(async () => noteHomeVisit(await db(), user.id, at));
  return (
    <>
      <PageHeader
        title="Home"
        description="What needs you now, most urgent first: requests sent back, packages about to expire or stuck, drafts, what finished since you last looked, and what went wrong."
      />
      <HomeView />
    </>
  );
}
