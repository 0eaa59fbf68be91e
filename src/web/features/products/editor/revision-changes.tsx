import { useTranslation } from 'react-i18next';
import type { Revision, RevisionChange } from '#shared/schemas/product-revisions';

type TextChange = Extract<RevisionChange, { kind: 'text' }>;

/** One side of a word diff: the live side shows what goes (struck through), the proposed side what comes. */
function TextSide({ change, side }: { change: TextChange; side: 'live' | 'proposed' }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap text-gray-900">
      {change.parts.map((part, i) =>
        part.removed ? (
          side === 'live' && (
            <del key={i} className="bg-red-100 text-red-900">
              {part.value}
            </del>
          )
        ) : part.added ? (
          side === 'proposed' && (
            <ins key={i} className="bg-green-100 text-green-900 no-underline">
              {part.value}
            </ins>
          )
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </p>
  );
}

function Thumbs({ media, label }: { media: { src: string; alt: string }[]; label: string }) {
  if (!media.length) return <p className="text-sm text-gray-500">—</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {media.map((m) => (
        <li key={m.src}>
          <img src={m.src} alt={m.alt || label} className="h-16 w-16 rounded border border-gray-200 object-cover" loading="lazy" />
        </li>
      ))}
    </ul>
  );
}

/** A row of the side-by-side view: the field's name, then the live value beside the proposed one. */
function Row({ name, live, proposed }: { name: string; live: React.ReactNode; proposed: React.ReactNode }) {
  const { t } = useTranslation('products');
  return (
    <div className="border-t border-gray-200 py-3">
      <h4 className="text-sm font-semibold text-gray-900">{name}</h4>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <div className="min-w-0">
          <p className="text-xs font-medium text-gray-500 sm:hidden">{t('revision.live')}</p>
          {live}
        </div>
        <div className="min-w-0">
          <p className="text-xs font-medium text-gray-500 sm:hidden">{t('revision.proposed')}</p>
          {proposed}
        </div>
      </div>
    </div>
  );
}

const plain = (text: string) => <p className="text-sm break-words text-gray-900">{text || '—'}</p>;

/**
 * The field-by-field changes of a revision, live beside proposed: texts as word diffs (the
 * description as its text, with a note when its formatting changed), media as thumbnails,
 * variants added, removed and changed with old -> new.
 */
export function RevisionChanges({ revision }: { revision: Revision }) {
  const { t } = useTranslation('products');
  return (
    <div data-testid="revision-changes">
      <div className="hidden gap-3 pb-2 sm:grid sm:grid-cols-2">
        <p className="text-sm font-semibold text-gray-700">{t('revision.live')}</p>
        <p className="text-sm font-semibold text-gray-700">{t('revision.proposed')}</p>
      </div>
      {revision.changes.map((change, i) => {
        const name = t(`revision.field.${change.kind === 'media' ? 'media' : change.kind === 'variants' ? 'variants' : change.field}`);
        if (change.kind === 'text') {
          return (
            <Row
              key={i}
              name={name}
              live={<TextSide change={change} side="live" />}
              proposed={
                <>
                  <TextSide change={change} side="proposed" />
                  {change.formattingChanged && <p className="mt-1 text-xs text-amber-800">{t('revision.formattingChanged')}</p>}
                </>
              }
            />
          );
        }
        if (change.kind === 'media') {
          return (
            <Row
              key={i}
              name={name}
              live={<Thumbs media={change.removed} label={t('revision.mediaRemoved')} />}
              proposed={<Thumbs media={change.added} label={t('revision.mediaAdded')} />}
            />
          );
        }
        if (change.kind === 'value') return <Row key={i} name={name} live={plain(change.before)} proposed={plain(change.after)} />;
        return (
          <div key={i} className="border-t border-gray-200 py-3">
            <h4 className="text-sm font-semibold text-gray-900">{name}</h4>
            <ul className="mt-2 space-y-1 text-sm text-gray-900">
              {change.added.map((v) => (
                <li key={`a-${v.label}`}>
                  {t('revision.variantAdded', { label: v.label, price: v.price, currency: revision.currency, stock: v.stock })}
                </li>
              ))}
              {change.removed.map((v) => (
                <li key={`r-${v.label}`}>{t('revision.variantRemoved', { label: v.label })}</li>
              ))}
              {change.changed.map((v) => (
                <li key={`c-${v.label}`}>
                  <span className="font-medium">{v.label}</span>:{' '}
                  {v.changes
                    .map((c) =>
                      t('revision.valueChange', {
                        field: t(`revision.variantField.${c.field}`),
                        before: c.before || '—',
                        after: c.after || '—',
                      }),
                    )
                    .join('; ')}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
