/**
 * The files that tell search engines about the shop at its own address (PUBLIC_URL): every public route in
 * sitemap.xml, and robots.txt that keeps them off the dashboard and the API.
 */
import { PAGE_META } from './content/page-meta';
import { PATHS } from '../contract/rules/paths';

const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function sitemapXml(publicUrl: string): string {
  const urls = PAGE_META.map((meta) => `<url><loc>${escapeXml(publicUrl + meta.path)}</loc></url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: ${PATHS.admin}\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}
