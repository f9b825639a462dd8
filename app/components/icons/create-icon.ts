import { createElement, type ReactElement, type SVGProps } from "react";

type IconNode = [tag: string, attributes: Record<string, string>][];

type IconProps = SVGProps<SVGSVGElement>;
export type IconComponent = (props: IconProps) => ReactElement;

const ACCESSIBLE_PROP = /^(aria-|role$|title$)/;

/**
 * An icon drawn from Lucide's outlines (ISC licence; each file here holds one icon's
 * shapes, copied from lucide-react's `icons/<name>.mjs` without its keys). It renders
 * the same SVG as lucide-react's component: 24 × 24, stroked in the text colour, hidden
 * from assistive technology unless it is given a name. lucide-react's own component
 * builds that SVG at run time with a dozen helpers, about 3 kB gzip on every page, for
 * options (context, absolute stroke width, aliases) the site does not use (ADR 027).
 *
 * Add an icon as `icons/<lucide file name>.ts`; code imports each icon by its file, so a
 * page's chunk holds only the icons it draws (an index of them all ended up as one chunk
 * of every icon on every page, ADR 027).
 */
export function createIcon(name: string, node: IconNode): IconComponent {
  const Icon = (props: IconProps) =>
    createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: 24,
        height: 24,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: "currentColor",
        strokeWidth: 2,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        ...(Object.keys(props).some((prop) => ACCESSIBLE_PROP.test(prop)) ? {} : { "aria-hidden": "true" }),
        ...props,
      },
      ...node.map(([tag, attributes]) => createElement(tag, attributes)),
    );
  Icon.displayName = name;
  return Icon;
}
