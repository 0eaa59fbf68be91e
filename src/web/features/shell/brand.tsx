import type { Logo } from '#shared/schemas/registration';

/** The store's logo image, or its logo text, or its name, cut short to the space it has. */
export function Brand({ logo, shopName }: { logo?: Logo; shopName?: string }) {
  return logo?.selected === 'src' && logo.src ? (
    <img src={logo.src} alt={shopName ?? ''} className="h-8 w-auto max-w-full object-contain object-left" />
  ) : (
    <span className="block truncate text-lg font-bold" title={logo?.value || shopName}>
      {logo?.value || shopName}
    </span>
  );
}
