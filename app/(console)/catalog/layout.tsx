import { CatalogTabs } from '@/components/catalog/catalog-tabs';

export default function CatalogLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <CatalogTabs />
      {children}
    </>
  );
}
