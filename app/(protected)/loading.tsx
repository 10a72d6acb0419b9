import { PageSkeleton } from "@/components/layout/skeleton";

export default function ProtectedLoading() {
  return <PageSkeleton />;
}
