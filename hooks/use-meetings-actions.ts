"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { showToast } from "@/components/ui/toast-store";
import { useErrorText } from "@/components/i18n/use-error-text";
import { cancelMeetingRegistration, getMeetingCalendar, meetingsQueries, registerForMeeting } from "@/lib/api/meetings";

/** Registering, cancelling and the calendar download of one session, with the lists refreshed and the outcome told in a toast. */
export function useMeetingsActions(meetingId: string) {
  const t = useTranslations("groupSessions.card");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: meetingsQueries.listKey }),
      queryClient.invalidateQueries({ queryKey: ["dashboard", "group-sessions"] }),
    ]);
  const onError = (error: unknown) => showToast({ title: t("failed"), description: errorText(error), variant: "destructive" });

  const register = useMutation({
    mutationFn: () => registerForMeeting(meetingId),
    onSuccess: async (answer) => {
      await refresh();
      showToast({ description: answer.message, variant: "success" });
    },
    onError,
  });
  const cancel = useMutation({
    mutationFn: () => cancelMeetingRegistration(meetingId),
    onSuccess: async (answer) => {
      await refresh();
      showToast({ description: answer.message });
    },
    onError,
  });

  const [downloading, setDownloading] = useState(false);
  const addToCalendar = async () => {
    setDownloading(true);
    try {
      await getMeetingCalendar(meetingId);
    } catch (error) {
      onError(error);
    } finally {
      setDownloading(false);
    }
  };

  return { register, cancel, addToCalendar, downloading, busy: register.isPending || cancel.isPending };
}
