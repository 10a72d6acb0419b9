import "server-only";
import { Hono } from "hono";
import { getNodeData, getNodeTree } from "@/lib/contract/calls/node";
import { getNodeData as nodeData } from "../../services/get-node-data";
import { getNodeTree as nodeTree } from "../../services/get-node-tree";
import { route, type ApiEnv } from "../route";

export const nodeRouter = new Hono<ApiEnv>();

// GET /node/tree: the course as a generic tree, only branches with nodes of the chosen type
route(nodeRouter, getNodeTree, ({ deps, user, query }) => nodeTree(deps, user, query));

// GET /node/data: what the learning page shows for a node of the generic tree
route(nodeRouter, getNodeData, ({ deps, user, query }) => nodeData(deps, user, query));
