import { redirect } from 'next/navigation';
import { AREA_HOMES } from '@/lib/area-homes';

export default function AdminHome() {
  redirect(AREA_HOMES['/admin']!);
}
