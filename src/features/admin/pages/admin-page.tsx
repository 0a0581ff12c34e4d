import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { REPORT_STATUSES, type ReportStatus } from '@/domain/entities/report';
import { ROLE_LABELS } from '@/domain/rules/staff';
import { useBackend } from '@/lib/backend-context';
import { AuditTab } from '../components/audit-tab';
import { Dashboard } from '../components/dashboard';
import { EventsTab } from '../components/events-tab';
import { ReportsTab } from '../components/reports-tab';
import { StaffGate, type Staff } from '../components/staff-gate';
import { StaffTabs, type TabItem } from '../components/staff-tabs';
import { UsersTab } from '../components/users-tab';
import { staffQueries } from '../staff-queries';

type TabKey = 'users' | 'events' | 'reports' | 'audit';
const TAB_KEYS: TabKey[] = ['users', 'events', 'reports', 'audit'];

/** Tab, searches and report filter live in the URL, so a reload or a shared link keeps them. */
function useAdminParams() {
  const [params, setParams] = useSearchParams();
  const tab = TAB_KEYS.find((t) => t === params.get('tab')) ?? 'users';
  const status =
    REPORT_STATUSES.find((s) => s === params.get('status')) ?? ('open' as ReportStatus);
  const set = (changes: Record<string, string>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  return {
    tab,
    userSearch: params.get('q') ?? '',
    eventSearch: params.get('eq') ?? '',
    status,
    set,
  };
}

function AdminArea({ staff }: { staff: Staff }) {
  const backend = useBackend();
  const { tab, userSearch, eventSearch, status, set } = useAdminParams();
  const dashboard = useQuery(staffQueries.dashboard(backend));
  const tabs: TabItem<TabKey>[] = [
    { key: 'users', label: 'ユーザー' },
    { key: 'events', label: 'イベント' },
    { key: 'reports', label: '通報', badge: dashboard.data?.openReports },
    { key: 'audit', label: '監査ログ' },
  ];
  return (
    <Page
      title="管理画面"
      actions={
        <p className="text-sm text-slate-600">
          {staff.user.displayName}（{ROLE_LABELS[staff.rank]}）
          <Link to="/admin-quick" className="ml-3 font-semibold text-brand-700 hover:underline">
            クイック操作
          </Link>
        </p>
      }
    >
      <Dashboard />
      <div className="mt-8">
        <StaffTabs
          label="管理メニュー"
          tabs={tabs}
          selected={tab}
          onSelect={(t) => set({ tab: t })}
        >
          {tab === 'users' ? (
            <UsersTab staff={staff} search={userSearch} onSearch={(q) => set({ q })} />
          ) : tab === 'events' ? (
            <EventsTab keyword={eventSearch} onSearch={(eq) => set({ eq })} />
          ) : tab === 'reports' ? (
            <ReportsTab status={status} onStatus={(s) => set({ status: s })} />
          ) : (
            <AuditTab />
          )}
        </StaffTabs>
      </div>
    </Page>
  );
}

export default function AdminPage() {
  return <StaffGate title="管理画面">{(staff) => <AdminArea staff={staff} />}</StaffGate>;
}
