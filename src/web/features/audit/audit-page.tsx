import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTOR_KINDS, AUDIT_AREAS, type AuditActorKind, type AuditArea } from '#shared/schemas/audit';
import { ChangeHistory } from '#web/components/change-history/change-history.tsx';
import { startAuditExport, type AuditQuery } from '#web/components/change-history/api.ts';
import { ExportButton, ExportPanel, useExportFlow } from '#web/components/exports/export-flow.tsx';
import { countActive, DayFilter, FilterSelect, ListFilters, SearchFilter } from '#web/components/list-filters.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';

interface AuditState {
  actorKind: AuditActorKind | '';
  area: AuditArea | '';
  from: string;
  to: string;
  q: string;
}
const DEFAULTS: AuditState = { actorKind: '', area: '', from: '', to: '', q: '' };
const FILTER_KEYS = ['actorKind', 'area', 'from', 'to'] as const;

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | '' =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : '';
const isDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

function readState(params: URLSearchParams): AuditState {
  return {
    actorKind: pick(params.get('who'), AUDIT_ACTOR_KINDS),
    area: pick(params.get('area'), AUDIT_AREAS),
    from: isDay(params.get('from')),
    to: isDay(params.get('to')),
    q: params.get('q') ?? '',
  };
}

function writeState(state: AuditState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.actorKind) params.set('who', state.actorKind);
  if (state.area) params.set('area', state.area);
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.q) params.set('q', state.q);
  return params;
}

const toQuery = (state: AuditState): Omit<AuditQuery, 'after' | 'limit'> => ({
  actorKind: state.actorKind || undefined,
  area: state.area || undefined,
  from: state.from || undefined,
  to: state.to || undefined,
  q: state.q || undefined,
});

/**
 * /app/audit: every change in the caller's scope (an admin's whole store, a vendor's own data),
 * filtered by who, area, days and words, all in the address; exported as CSV in the background.
 */
export function AuditPage() {
  const { t } = useTranslation('audit');
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  const go = (next: AuditState) => setParams(writeState(next), { replace: true });
  const query = toQuery(state);
  const flow = useExportFlow({ kind: 'audit', start: startAuditExport, followId: params.get('export'), onDismiss: () => go(state) });
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('title')}</h1>
        <ExportButton flow={flow} query={query} />
      </div>
      <ExportPanel flow={flow} words={{ item: t('export.item'), items: t('export.items') }} />
      <ListFilters
        active={countActive(state, DEFAULTS, FILTER_KEYS)}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5"
        search={
          <SearchFilter
            id="audit-search"
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            value={state.q}
            onSearch={(q) => go({ ...state, q })}
          />
        }
      >
        <FilterSelect
          id="audit-who"
          label={t('who')}
          value={state.actorKind}
          options={[
            { value: '', label: t('anyone') },
            ...AUDIT_ACTOR_KINDS.map((kind) => ({ value: kind, label: t(`change-history:kinds.${kind}`) })),
          ]}
          onChange={(actorKind) => go({ ...state, actorKind })}
        />
        <FilterSelect
          id="audit-area"
          label={t('area')}
          value={state.area}
          options={[{ value: '', label: t('everything') }, ...AUDIT_AREAS.map((area) => ({ value: area, label: t(`areas.${area}`) }))]}
          onChange={(area) => go({ ...state, area })}
        />
        <DayFilter
          id="audit-from"
          label={t('fromDay')}
          value={state.from}
          max={state.to || undefined}
          onChange={(from) => go({ ...state, from })}
        />
        <DayFilter
          id="audit-to"
          label={t('toDay')}
          value={state.to}
          min={state.from || undefined}
          onChange={(to) => go({ ...state, to })}
        />
      </ListFilters>
      <ChangeHistory query={query} label={t('title')} />
    </div>
  );
}
