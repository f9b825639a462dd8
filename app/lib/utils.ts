import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names, leaving out the false ones. It does not resolve conflicts between
 * Tailwind utilities (that took a 8.5 kB library on every page, ADR 027), so a component
 * never lets a caller's class meet one of its own for the same property: it offers a
 * variant or a prop, or takes the caller's classes in place of its default ones.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
