import { PageSkeleton } from "@/components/ui/skeleton";

export default function ProtectedLoading() {
  return <PageSkeleton />;
}
