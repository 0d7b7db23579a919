import type { Metadata } from 'next';
import { HomeView } from '@/components/home/home-view';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Home' };

// Every role lands here: what needs the user now, within their roles (server/home/read-home.ts).
export default function HomePage() {
  return (
    <>
      <PageHeader
        title="Home"
        description="What needs you now, most urgent first: requests sent back, packages about to expire or stuck, drafts, and what went wrong."
      />
      <HomeView />
    </>
  );
}
