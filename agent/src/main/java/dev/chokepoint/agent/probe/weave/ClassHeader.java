package dev.chokepoint.agent.probe.weave;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A class as its class file's header names it: name, modifiers, super class and interfaces.
 * Enough for the probes' type matches, with nothing loaded: a super type is read from its class
 * file, found through the class's loader, only when a match asks for the hierarchy.
 */
public final class ClassHeader {

    /** Hierarchies are shallow; the cap only bounds a pathological one. */
    private static final int MAX_SUPER_TYPES = 200;
    private static final String OBJECT = "java/lang/Object";

    private final String internalName;
    private final int access;
    private final String superName;
    private final String[] interfaces;
    private final ClassLoader loader;

    private ClassHeader(ClassReader reader, ClassLoader loader) {
        this.internalName = reader.getClassName();
        this.access = reader.getAccess();
        this.superName = reader.getSuperName();
        this.interfaces = reader.getInterfaces();
        this.loader = loader;
    }

    /** The header of {@code classFile}; {@code loader} (null: the bootstrap loader) finds its super types. */
    public static ClassHeader of(byte[] classFile, ClassLoader loader) {
        return new ClassHeader(new ClassReader(classFile), loader);
    }

    /** {@code a.b.C} */
    public String name() {
        return internalName.replace('/', '.');
    }

    /** An interface or an abstract class: nothing of it runs as written. */
    public boolean isAbstract() {
        return (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_INTERFACE)) != 0;
    }

    /**
     * Whether {@code binaryName} is a super class or an interface of this class, at any depth. A
     * super type whose class file cannot be read (an optional dependency absent) ends that branch:
     * a type we cannot see is not one we match.
     */
    public boolean hasSuperType(String binaryName) {
        String wanted = binaryName.replace('.', '/');
        Deque<String> pending = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        addSuperTypes(pending, superName, interfaces);
        while (!pending.isEmpty() && seen.size() < MAX_SUPER_TYPES) {
            String next = pending.poll();
            if (next.equals(wanted)) {
                return true;
            }
            if (!seen.add(next) || next.equals(OBJECT)) {
                continue;
            }
            ClassReader superType = read(next);
            if (superType != null) {
                addSuperTypes(pending, superType.getSuperName(), superType.getInterfaces());
            }
        }
        return false;
    }

    private static void addSuperTypes(Deque<String> pending, String superName, String[] interfaces) {
        if (superName != null) {
            pending.add(superName);
        }
        pending.addAll(List.of(interfaces));
    }

    private ClassReader read(String internal) {
        String resource = internal + ".class";
        try (InputStream in = loader == null ? ClassLoader.getSystemResourceAsStream(resource)
                : loader.getResourceAsStream(resource)) {
            return in == null ? null : new ClassReader(in.readAllBytes());
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }
}
