export const iconSource: string;
export const linuxIconDir: string;
export const linuxSizes: number[];
export const icoPath: string;
export const icnsPath: string;
export const manifestPath: string;
/** The path of the Linux set's PNG of one size. */
export function linuxIconPath(size: number): string;
/** Hex SHA-256 of a file's bytes. */
export function sha256(bytes: Buffer): string;
/** Width and height from a PNG's IHDR chunk; throws on anything that is not a PNG. */
export function pngSize(png: Buffer): { width: number; height: number };
export const icoSizes: number[];
export const icnsTypes: { type: string; size: number }[];
/** A Windows .ico of the PNGs for {@link icoSizes}. */
export function icoFile(pngs: Map<number, Buffer>): Buffer;
/** The images of a .ico: each entry's declared size and its bytes. */
export function readIco(ico: Buffer): { width: number; height: number; data: Buffer }[];
/** A macOS .icns of the PNGs for {@link icnsTypes}. */
export function icnsFile(pngs: Map<number, Buffer>): Buffer;
/** The elements of a .icns: each one's type and bytes. */
export function readIcns(icns: Buffer): { type: string; data: Buffer }[];
