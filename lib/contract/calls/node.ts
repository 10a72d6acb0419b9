import { z } from "zod";
import { defineCall } from "../call";
import { genericNodeType } from "../common";
import { documentPageData, essayBlock, mcqBlock, nodeSourceType, treeNode, treeNodeSummary, videoPageData } from "../entities";

const idOf = (name: string) => z.string({ error: `${name} must be a string` }).min(1, `${name} is required`).max(100, `${name} is too long`);

export const getNodeTree = defineCall({
  method: "GET",
  group: "/node",
  path: "/tree",
  summary: "A course as a generic tree of nodes, keeping only the branches that hold nodes of the chosen type.",
  auth: true,
  query: z.object({
    nodeType: genericNodeType.default("all").describe("Keep only nodes of this type (all keeps every node)"),
    courseId: idOf("courseId"),
  }),
  response: z
    .object({
      courseId: z.string(),
      courseName: z.string(),
      nodeType: genericNodeType,
      progressInPercentage: z.number().min(0).max(100),
      nodes: z.array(treeNode).describe("The top-level nodes (chapters), each with its children"),
    })
    .describe("The generic tree of a course"),
});

export const getNodeData = defineCall({
  method: "GET",
  group: "/node",
  path: "/data",
  summary:
    "What the learning page shows for a node of the generic tree. A course part opens the item to continue with inside it. Answers stay secret until an attempt is completed.",
  auth: true,
  query: z.object({
    nodeType: genericNodeType.optional(),
    nodeId: idOf("nodeId"),
    sourceType: nodeSourceType.optional().describe("Kind of the node's content, when known"),
    courseId: idOf("courseId"),
    chapterId: idOf("chapterId").optional(),
    subChapterId: idOf("subChapterId").optional(),
  }),
  response: z
    .discriminatedUnion("sourceType", [
      z.object({ sourceType: z.literal("video"), node: treeNodeSummary, data: videoPageData }),
      z.object({ sourceType: z.literal("mcqBlock"), node: treeNodeSummary, data: mcqBlock }),
      z.object({ sourceType: z.literal("essayBlock"), node: treeNodeSummary, data: essayBlock }),
      z.object({ sourceType: z.literal("document"), node: treeNodeSummary, data: documentPageData }),
    ])
    .describe("The node opened and its content; sourceType tells which shape data has"),
});
