import type { Company } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { ChevronRightIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyNote, QueryView } from '@/components/query-view';
import { ActiveBadge } from '@/components/tone-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { adminAppsQuery } from '../api/apps';
import { CreateAppDialog } from './create-app-dialog';

export function CompanyAppsCard({ company }: { company: Company }) {
  const apps = useQuery(adminAppsQuery({ company_id: company.company_id, limit: 100 }));
  const [creating, setCreating] = useState(false);
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle>Apps</CardTitle>
          <CardDescription>The company's brands or products.</CardDescription>
        </div>
        <Button size="sm" onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden />
          Create app
        </Button>
      </CardHeader>
      <CardContent>
        <QueryView
          query={apps}
          loading="Loading apps"
          rows={2}
          empty={<EmptyNote>No apps yet. Create one so the company can receive conversations.</EmptyNote>}
        >
          {(data) => (
            <ul className="divide-y rounded-lg border">
              {data.data.map((a) => (
                <li key={a.app_id}>
                  <Link
                    to={`/platform-admin/app/${a.app_id}`}
                    className="flex items-center gap-3 px-3 py-2 transition-colors hover:bg-accent/60"
                  >
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium text-sm">{a.app_name}</p>
                      <p className="truncate text-muted-foreground text-xs">
                        {a.queues_count} {a.queues_count === 1 ? 'queue' : 'queues'} · {a.members_count}{' '}
                        {a.members_count === 1 ? 'member' : 'members'}
                      </p>
                    </div>
                    <ActiveBadge active={a.is_active} />
                    <ChevronRightIcon className="size-4 text-muted-foreground" aria-hidden />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </CardContent>
      <CreateAppDialog open={creating} onOpenChange={setCreating} company={company} />
    </Card>
  );
}
