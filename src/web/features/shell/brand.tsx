import type { Logo } from '#shared/schemas/registration';

/** The store's logo image, or its logo text, or its name. */
export function Brand({ logo, shopName }: { logo?: Logo; shopName?: string }) {
  return logo?.selected === 'src' && logo.src ? (
    <img src={logo.src} alt={shopName ?? ''} className="h-8 w-auto" />
  ) : (
    <span className="truncate text-lg font-bold">{logo?.value || shopName}</span>
  );
}
