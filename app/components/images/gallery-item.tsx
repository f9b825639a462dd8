import type { ImageRef } from "#server/db/schema";
import { Button } from "~/components/ui/button";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { m } from "~/paraglide/messages";
import { AltTextInputs, ImageIdentity, type AltTexts } from "./image-field-parts";

export type GalleryItem = { key: string; image: ImageRef; alts: AltTexts };

type Direction = "up" | "down";

/**
 * One image of a gallery (`ImageGalleryField`): its place in the list, its preview and
 * alt text, and the buttons that move and remove it, each naming the image it acts on.
 * `data-key` and `data-control` let the gallery put focus back on the moved image's button.
 */
export function GalleryItemCard({
  fieldId,
  name,
  item,
  index,
  count,
  altErrors,
  onAltChange,
  onMove,
  onRemove,
}: {
  /** The gallery field's own id, which the alt text's ids start with. */
  fieldId: string;
  /** The gallery's form name: the item sends `${name}[index].…`. */
  name: string;
  item: GalleryItem;
  index: number;
  count: number;
  altErrors: { alt?: string; altTranslation?: string };
  onAltChange: (alts: AltTexts) => void;
  onMove: (offset: -1 | 1, control: Direction) => void;
  onRemove: () => void;
}) {
  return (
    <li data-key={item.key} className="rounded-md border border-slate-200 p-3">
      <p className="text-xs font-medium text-slate-500">{m.images_position({ number: index + 1, count })}</p>
      <ResponsiveImage
        image={{ ...item.image, alt: item.alts.alt || m.images_gallery_alt({ number: index + 1 }) }}
        sizes="320px"
        className="mt-1 aspect-[4/3] w-full rounded-md object-cover"
      />
      <ImageIdentity name={`${name}[${index}]`} image={item.image} />
      <AltTextInputs
        id={`${fieldId}-${item.key}`}
        name={`${name}[${index}]`}
        value={item.alts}
        onChange={onAltChange}
        errors={altErrors}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <MoveButton direction="up" index={index} count={count} onMove={onMove} />
        <MoveButton direction="down" index={index} count={count} onMove={onMove} />
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={onRemove}
          aria-label={m.images_remove_label({ number: index + 1 })}
        >
          {m.images_remove()}
        </Button>
      </div>
    </li>
  );
}

/** Moves the image one place earlier or later; the first cannot go up nor the last down. */
function MoveButton({
  direction,
  index,
  count,
  onMove,
}: {
  direction: Direction;
  index: number;
  count: number;
  onMove: (offset: -1 | 1, control: Direction) => void;
}) {
  const up = direction === "up";
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      data-control={direction}
      disabled={up ? index === 0 : index === count - 1}
      onClick={() => onMove(up ? -1 : 1, direction)}
      aria-label={
        up ? m.images_move_earlier({ number: index + 1 }) : m.images_move_later({ number: index + 1 })
      }
    >
      {up ? m.images_move_up() : m.images_move_down()}
    </Button>
  );
}
