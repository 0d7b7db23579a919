import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireUser } from '@/server/auth/page-access';
import { renderGuide } from '@/server/help/render-guide';

type Props = { params: Promise<{ guide?: string[] }> };

const guideName = (parts: string[] | undefined) => (parts === undefined ? 'index' : parts.length === 1 ? parts[0]! : null);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const name = guideName((await params).guide);
  const guide = name ? await renderGuide(name) : null;
  return { title: guide ? `Help: ${guide.title}` : 'Help' };
}

// The user guide, for every signed-in user: it holds no data, and each screen's Help link opens
// its section here.
export default async function HelpPage({ params }: Props) {
  await requireUser();
  const name = guideName((await params).guide);
  const guide = name ? await renderGuide(name) : null;
  if (!guide) notFound();
  return <article className="help-guide max-w-3xl" dangerouslySetInnerHTML={{ __html: guide.html }} />;
}
