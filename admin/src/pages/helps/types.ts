/** A help entry as GET /helps/list answers it. */
export interface Help {
  id: number;
  title: string;
  description: string | null;
  /** The video's code on the external video site. */
  video: string | null;
}
