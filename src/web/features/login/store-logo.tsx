import type { Logo } from '#shared/schemas/registration';

/** The image when the logo setting selects it, else the logo text, else the shop name. */
export function StoreLogo({ logo, shopName, className = '' }: { logo?: Logo; shopName?: string; className?: string }) {
  if (logo?.selected === 'src' && logo.src) {
    return <img src={logo.src} alt={shopName ?? ''} className={`h-14 w-auto max-w-xs object-contain ${className}`} />;
  }
  const text = logo?.value || shopName;
  if (!text) return null;
  return <p className={`text-center text-3xl font-bold tracking-tight ${className}`}>{text}</p>;
}
