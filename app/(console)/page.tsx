import type { Metadata } from 'next';
import { after } from 'next/server';
import { HomeView } from '@/components/home/home-view';
import { PageHeader } from '@/components/ui/page-header';
import { requireUser } from '@/server/auth/page-access';
import { noteHomeRendered, offerKeptHomeToServer } from '@/server/home/kept-home';
import { visitHome } from '@/server/home/visit-home';

export const metadata: Metadata = { title: 'Home' };

// Every role lands here: what needs the user now, within their roles (server/home/read-home.ts).
export default async function HomePage() {
  const user = await requireUser();
  // From now on the console's server may answer this page as it was kept (server/home/kept-home.ts),
  // and keeps this render only for the reader it was rendered for.
  offerKeptHomeToServer();
  noteHomeRendered(user.id);
  // Noted once the page is on its way, before the browser asks for home's sections (visit-home.ts).
  after(visitHome({ userId: user.id }));
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
